module example.com/openshiftroles

go 1.26
