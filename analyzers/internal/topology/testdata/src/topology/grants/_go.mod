module example.com/grants

go 1.26
