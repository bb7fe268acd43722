module example.com/chartfiles

go 1.26
